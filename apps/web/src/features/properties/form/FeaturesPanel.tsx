import type { Control } from 'react-hook-form';
import { FLOOR_LEVELS } from '@app/contract';
import { FullRow } from '../../../components/EntityFormPage.tsx';
import { FormSelectField, FormTextField } from '../../../components/FormInputs.tsx';
import { FlagField, FreeSoloField } from '../PropertyInputs.tsx';
import { FEATURE_NAMES, type PropertyValues } from './form-values.ts';
import { coordinateInput } from './input-rules.ts';

const SUGGESTIONS = {
  heatingtype: ['None', 'Electric', 'Gas', 'Solar Water Heater', 'Central Heating'],
  exteriour: ['Concrete', 'Brick', 'Wood', 'Stone', 'Glass', 'Fiber Cement'],
  kitchen: ['Modular Kitchen', 'Kitchen Island', 'Open Plan', 'Pantry', 'Dirty Kitchen', 'Range Hood'],
  cooling: ['Split-type Aircon', 'Window Aircon', 'Central Aircon', 'Ceiling Fans', 'None'],
} as const;

const FEATURE_LABELS: Record<(typeof FEATURE_NAMES)[number], string> = {
  garage: 'Garage',
  elevator: 'Elevator',
  freewifi: 'Free Wi-Fi',
  fireplace: 'Fireplace',
  swimming_pool: 'Swimming Pool',
};

/** Detail & Features: floor, heating, exterior, kitchen, cooling, coordinates and the feature ticks. */
export function FeaturesPanel({ control }: { control: Control<PropertyValues> }) {
  return (
    <>
      <FormSelectField
        control={control}
        name="select_floor_level"
        label="Floor Level"
        options={FLOOR_LEVELS}
      />
      <FreeSoloField
        control={control}
        name="heatingtype"
        label="Heating Type"
        options={SUGGESTIONS.heatingtype}
      />
      <FreeSoloField control={control} name="exteriour" label="Exterior" options={SUGGESTIONS.exteriour} />
      <FreeSoloField
        control={control}
        name="kitchen"
        label="Kitchen Features"
        options={SUGGESTIONS.kitchen}
      />
      <FreeSoloField control={control} name="cooling" label="Cooling" options={SUGGESTIONS.cooling} />
      <FormTextField control={control} name="longitude" label="Longitude" {...coordinateInput('longitude')} />
      <FormTextField control={control} name="latitude" label="Latitude" {...coordinateInput('latitude')} />
      <FullRow>
        {FEATURE_NAMES.map((name) => (
          <FlagField key={name} control={control} name={name} label={FEATURE_LABELS[name]} />
        ))}
      </FullRow>
    </>
  );
}
