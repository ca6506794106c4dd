import type { Result } from '../../electron/shared/api';

/** A Result's value, or a thrown error carrying its message, for a query or mutation to show. */
export function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
