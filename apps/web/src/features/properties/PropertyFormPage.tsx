import { useMemo } from 'react';
import {
  MESSAGES,
  PROPERTY_MESSAGES,
  propertyApi,
  propertyFields,
  propertyIssues,
  propertyPanels,
  propertyUpdateFields,
  ROLE,
  seesAllAgencies,
  type PropertyFields,
} from '@app/contract';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { AddressBlock } from '../../components/AddressBlock.tsx';
import { EntityForm, EntityFormPage, type FormPanelDef } from '../../components/EntityFormPage.tsx';
import { useSession } from '../../lib/auth.ts';
import { resolverWithCrossRules } from '../../lib/forms.ts';
import { usePropertyTypes } from '../../lib/lookups.ts';
import { notify } from '../../lib/notify.ts';
import { PROPERTY_RELOADS, propertyRecordQuery, useOpenPropertyLimit } from './api.ts';
import { useDuplicateWarning, type ConfirmSend } from './duplicate-warning.tsx';
import { PROPERTY_LIST_PATH } from './paths.ts';
import { BasicPanel } from './form/BasicPanel.tsx';
import { DwellingPanel } from './form/DwellingPanel.tsx';
import { FeaturesPanel } from './form/FeaturesPanel.tsx';
import {
  PROPERTY_ADDRESS,
  propertyFormValues,
  propertyRequest,
  type PropertyRecord,
  type PropertyValues,
} from './form/form-values.ts';
import { RentPanel } from './form/RentPanel.tsx';
import { SalePanel } from './form/SalePanel.tsx';
import { StatusPanel } from './form/StatusPanel.tsx';

/** Add/Edit Property (Property > Property List): `/home/Property/add-property?id={id}`, none adds. */
export default function PropertyFormPage() {
  return (
    <EntityFormPage<PropertyRecord>
      section="Property"
      title="Property Details"
      entity="Property"
      routeParam="id"
      load={propertyRecordQuery}
      permissions={{ add: 'Add Property', edit: 'Edit Property' }}
      nameOf={(r) => r.property_name}
    >
      {(record) => <PropertyForm record={record} />}
    </EntityFormPage>
  );
}

/**
 * Adding: an owner at their open property limit is told so at once, with the words a save would answer,
 * instead of a form that could not be saved (issue 21, item 10). While the limit is read, nothing is
 * shown to fill; when it cannot be read, the form opens and the save says it.
 */
function PropertyForm({ record }: { record: PropertyRecord | null }) {
  const limit = useOpenPropertyLimit(record === null);
  const duplicates = useDuplicateWarning();
  if (record === null && limit.isPending) return <CircularProgress aria-label="Loading" />;
  if (record === null && limit.data?.reached)
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={PROPERTY_LIST_PATH} color="inherit" size="small">
            Back to Property List
          </Button>
        }
      >
        {PROPERTY_MESSAGES.limitReached(limit.data.limit ?? 0)}
      </Alert>
    );
  return (
    <>
      <PropertyFormFields record={record} confirmSend={duplicates.confirmSend} />
      {duplicates.dialog}
    </>
  );
}

function PropertyFormFields({
  record,
  confirmSend,
}: {
  record: PropertyRecord | null;
  confirmSend: ConfirmSend;
}) {
  const { data: session } = useSession();
  const roleId = session?.userRoleId ?? 0;
  const editing = record !== null;
  const types = usePropertyTypes();
  const dwellingOf = (typeId: unknown) =>
    types.data?.find((t) => t.property_type_id === Number(typeId))?.dwelling_type === 'Yes';

  // Which types are dwellings comes from the type lookup: the resolver follows it once loaded.
  const typeRows = types.data;
  const resolver = useMemo(() => {
    const fields = editing ? propertyUpdateFields : propertyFields;
    const dwellings = new Set(
      (typeRows ?? []).filter((t) => t.dwelling_type === 'Yes').map((t) => t.property_type_id),
    );
    return resolverWithCrossRules(fields, (v: PropertyFields & { property_type_id: number }) =>
      propertyIssues(v, { dwelling: dwellings.has(v.property_type_id) }),
    );
  }, [editing, typeRows]);
  const defaultValues = useMemo(() => propertyFormValues(record), [record]);

  return (
    <EntityForm<PropertyValues>
      schema={editing ? propertyUpdateFields : propertyFields}
      resolver={resolver}
      defaultValues={defaultValues}
      saveLabel={editing ? 'Update Property' : 'Save Property'}
      editing={editing}
      calls={{ save: propertyApi.saveproperty, update: propertyApi.updateproperty }}
      reloads={PROPERTY_RELOADS}
      confirmSend={confirmSend}
      backTo={PROPERTY_LIST_PATH}
      onInvalid={() => notify.error(MESSAGES.missingInTabs)}
      adjust={(body) => {
        const request = propertyRequest(body, {
          editing,
          dwelling: dwellingOf(body.property_type_id),
          individual: roleId === ROLE.Individual,
        });
        for (const name of Object.keys(body)) if (!(name in request)) delete body[name];
        Object.assign(body, request);
      }}
      panels={(form) => {
        const [category, classification, typeId, status] = form.watch([
          'product_category_id',
          'property_classification_id',
          'property_type_id',
          'status',
        ]);
        const shown = propertyPanels(
          {
            product_category_id: Number(category) || null,
            property_classification_id: Number(classification) || null,
            status: typeof status === 'string' ? status : null,
          },
          dwellingOf(typeId),
        );
        const panels: (FormPanelDef | false)[] = [
          {
            title: 'Basic Information',
            content: (
              <BasicPanel
                control={form.control}
                agriType={shown.agriType}
                showSeller={roleId !== ROLE.Individual}
                everyAgency={seesAllAgencies(roleId)}
                typesLoading={types.isFetching}
                typeOptions={types.options}
              />
            ),
          },
          editing && {
            title: 'Property Status and Modification History Tracking',
            content: <StatusPanel control={form.control} suspended={shown.suspendedReason} record={record} />,
          },
          {
            title: 'Address Details',
            content: (
              <AddressBlock<PropertyValues>
                control={form.control}
                setValue={form.setValue}
                names={PROPERTY_ADDRESS}
                shape={propertyFields.shape}
                zipLength={4}
                zipReadOnly
              />
            ),
          },
          shown.dwelling && {
            title: 'Property: Dwelling',
            content: <DwellingPanel control={form.control} />,
          },
          shown.rent && {
            title: 'Product Category = For Rent',
            content: <RentPanel control={form.control} />,
          },
          shown.sale && { title: 'For Sale', content: <SalePanel form={form} /> },
          { title: 'Detail & Features', content: <FeaturesPanel control={form.control} /> },
        ];
        return panels.filter((p): p is FormPanelDef => !!p);
      }}
    />
  );
}
