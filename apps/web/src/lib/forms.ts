import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/** Copies a 400 answer's `errors: {field: message}` onto the form's fields. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.errors)) {
    setError(field as Path<T>, { type: 'server', message });
  }
}
