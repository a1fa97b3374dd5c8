import type { FieldValues } from 'react-hook-form';
import { IdSelect, type IdSelectProps } from './IdSelect.tsx';

export { toIds } from './IdSelect.tsx';

/**
 * A multi-select of lookup options bound to a form field holding an array of ids (the wire's comma
 * lists). Ids the lookup no longer offers (an inactive record) are kept and shown by number, so that
 * saving a form does not silently drop them.
 */
export function IdMultiSelect<T extends FieldValues>(props: Omit<IdSelectProps<T>, 'multiple'>) {
  return <IdSelect<T> {...props} multiple />;
}
