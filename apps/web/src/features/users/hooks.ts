import { useParams } from 'react-router';
import { parseId } from '../../lib/params';

/** The `:userId` of the current route as a number; null when it is not a valid id. */
export function useUserIdParam(): number | null {
  return parseId(useParams().userId);
}
