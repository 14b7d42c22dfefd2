// The initiatives overview at / and /funds (and /funds/:action). Apart from the detail so that
// the first page of most visits loads neither the payments table nor its catalogs.
import { InitiativesPage } from '../../features/initiatives';

export const InitiativesList = InitiativesPage;
