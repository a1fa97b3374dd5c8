import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { ROLE, userFields } from '@app/contract';
import { ADDRESS_NAMES, AddressBlock } from '../../components/AddressBlock.tsx';
import { FullRow } from '../../components/EntityFormPage.tsx';
import { PROFILE_KINDS } from '../../components/ProfileInputs.tsx';
import { fetchAgencyAddress } from './api.ts';

type Values = Record<string, unknown>;

const ADDRESS_TEXT = PROFILE_KINDS.address.text;
const ADDRESS_IDS = PROFILE_KINDS.address.ids;

/**
 * The parts of the address marked required (but for an Individual). The rule itself is the contract's
 * userIssues: it spans fields, so the schema's own marks cannot say it.
 */
const ADDRESS_REQUIRED = ['house_number', 'street_name', 'province_id', 'town_id', 'barangay_id', 'zip_code'];

/** The address, or the agency's when 'same as agency' is ticked (copied in, then kept read-only). */
export function UserAddressPanel({ form }: { form: UseFormReturn<Values> }) {
  const { control, setValue, getValues } = form;
  const [sameAsAgency, agencyId, roleId] = useWatch({
    control,
    name: ['is_address_same_as_agency', 'associated_agency_id', 'role_id'],
  });
  const { field } = useController({ control, name: 'is_address_same_as_agency' });

  const copyAgencyAddress = async (agency: number) => {
    const address = await fetchAgencyAddress(agency);
    if (!address) return;
    // The form's fields in its order (place by place down the cascade), each from the answer's field.
    const fields = new Map(Object.entries(address));
    for (const name of [...ADDRESS_TEXT, ...ADDRESS_IDS]) {
      const value = fields.get(name);
      setValue(name, ADDRESS_IDS.includes(name) ? (value ?? null) : value == null ? '' : String(value), {
        shouldValidate: true,
      });
    }
  };

  return (
    <>
      <FullRow>
        <FormControlLabel
          control={
            <Checkbox
              checked={!!sameAsAgency}
              disabled={!agencyId}
              onChange={(e) => {
                field.onChange(e.target.checked);
                const agency = Number(getValues('associated_agency_id'));
                if (e.target.checked && agency > 0) void copyAgencyAddress(agency);
              }}
            />
          }
          label={
            agencyId
              ? 'Address same as agency'
              : 'Address same as agency (choose an agency under Other Details)'
          }
        />
      </FullRow>
      <fieldset disabled={!!sameAsAgency} style={{ display: 'contents', border: 0 }}>
        <AddressBlock<Values>
          control={control}
          setValue={setValue}
          names={ADDRESS_NAMES}
          shape={userFields.shape}
          requiredNames={Number(roleId) === ROLE.Individual ? [] : ADDRESS_REQUIRED}
          zipLength={4}
        />
      </fieldset>
    </>
  );
}
