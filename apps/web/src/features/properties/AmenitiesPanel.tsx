import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { IdMultiSelect } from '../../components/IdMultiSelect.tsx';
import { usePropertyAmenityOptions } from '../../lib/lookups.ts';
import { useSaveAmenities, useSelectedAmenities } from './api.ts';

/** The amenities master as a multi-select, preselected with the property's; Save replaces the set. */
export function AmenitiesPanel({ propertyId }: { propertyId: number }) {
  const amenities = usePropertyAmenityOptions();
  const selected = useSelectedAmenities(propertyId);
  const form = useForm<{ amenities: number[] }>({ defaultValues: { amenities: [] } });
  const { reset } = form;
  useEffect(() => {
    if (selected.data) reset({ amenities: selected.data });
  }, [selected.data, reset]);
  const save = useSaveAmenities();

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(async ({ amenities: ids }) => {
        try {
          await save.mutateAsync({ ammentiesId: ids.join(','), propertyId });
        } catch {
          // alerted by the api client
        }
      })}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 320px' }}>
        <IdMultiSelect<{ amenities: number[] }>
          control={form.control}
          name="amenities"
          label="Amenities"
          options={amenities.options}
          loading={amenities.isFetching || selected.isFetching}
        />
      </Box>
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending || selected.isPending}
        sx={{ mt: 1 }}
      >
        Save Amenities
      </Button>
    </Box>
  );
}
