import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { bulkApi, PROPERTY_STATUSES, propertyApi, type PropertyStatus, type RequestOf } from '@app/contract';
import type { BulkAction } from '../../components/server-table/BulkBar.tsx';
import { SEARCHED, useSearchedOptions, type IdName } from '../../lib/lookups.ts';
import { useApiMutation } from '../../lib/mutations.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { ReasonField } from '../../components/ReasonField.tsx';

const RELOADS = [propertyApi.allproperty, propertyApi.GetPropertyById];
/** The selection as the listing calls take it (`matching` is the Property List's query). */
type BulkRequest = Pick<RequestOf<typeof bulkApi.bulkAssignAgent>, 'ids' | 'matching'>;

/**
 * The Property List's bulk actions the signed-in user may take: change status and assign an agent
 * (Edit Property), delete (Delete Property: Suspended listings only).
 */
export function usePropertyBulkActions(): BulkAction[] {
  const { has } = usePermissions();
  const changeStatus = useApiMutation(bulkApi.bulkPropertyStatus, RELOADS);
  const assign = useApiMutation(bulkApi.bulkAssignAgent, RELOADS);
  const remove = useApiMutation(bulkApi.bulkDeleteProperties, RELOADS);
  const [status, setStatus] = useState<PropertyStatus | ''>('');
  const [reason, setReason] = useState('');
  const [agent, setAgent] = useState<IdName | null>(null);
  const [agentSearch, setAgentSearch] = useState<string | null>(null);
  const agents = useSearchedOptions(SEARCHED.agents, [], agentSearch);
  const plural = (n: number) => `${n} selected listing${n === 1 ? '' : 's'}`;
  const deletion: BulkAction[] = has('Delete Property')
    ? [
        {
          label: 'Delete',
          title: 'Delete Listings',
          text: (n) => `Delete ${plural(n)} with their media? Only Suspended listings are deleted.`,
          run: (selection) => remove.mutateAsync(selection as BulkRequest),
        },
      ]
    : [];
  if (!has('Edit Property')) return deletion;
  return [
    {
      label: 'Change status',
      title: 'Change Status of Listings',
      text: (n) => `Change the status of ${plural(n)}?`,
      onOpen: () => {
        setStatus('');
        setReason('');
      },
      ready: status !== '' && (status !== 'Suspended' || !!reason.trim()),
      inputs: () => (
        <>
          <TextField
            select
            label="New status"
            required
            fullWidth
            sx={{ mt: 2 }}
            value={status}
            onChange={(e) => setStatus(e.target.value as PropertyStatus)}
          >
            {PROPERTY_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          {status === 'Suspended' && (
            <ReasonField label="Reason for suspending" value={reason} onChange={setReason} />
          )}
        </>
      ),
      run: (selection) =>
        changeStatus.mutateAsync({
          ...(selection as BulkRequest),
          status: status as PropertyStatus,
          ...(status === 'Suspended' && { suspendedReason: reason.trim() }),
        }),
    },
    {
      label: 'Assign agent',
      title: 'Assign Agent to Listings',
      text: (n) => `Make the agent below the agent of ${plural(n)}?`,
      onOpen: () => {
        setAgent(null);
        setAgentSearch(null);
      },
      ready: !!agent,
      inputs: () => (
        <Autocomplete
          options={agents.options}
          loading={agents.loading}
          value={agent}
          onChange={(_e, value) => setAgent(value)}
          onOpen={() => setAgentSearch((s) => s ?? '')}
          onInputChange={(_e, text, why) => why === 'input' && setAgentSearch(text)}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(o) => o}
          renderInput={(params) => <TextField {...params} label="Agent" required sx={{ mt: 2 }} />}
        />
      ),
      run: (selection) => assign.mutateAsync({ ...(selection as BulkRequest), agent_id: agent!.id }),
    },
    ...deletion,
  ];
}
