import type { SubjectLoaders } from './auth';
import { loadActivitySubject } from './activities';
import { loadBankAccountSubject } from './bank-accounts';
import { loadFunderSubject } from './funders';
import { loadGrantSubject } from './grants';
import { loadInitiativeSubject } from './initiatives';
import { loadPaymentSubject } from './payments';
import { loadRegulationSubject } from './regulations';
import { loadUserSubject } from './users';

/**
 * The subject loader of every entity class of the permission policy, which entity-access answers
 * from. Keyed by class, so a class added to the policy without a loader does not compile.
 */
export const subjectLoaders = {
  User: loadUserSubject,
  Funder: loadFunderSubject,
  Regulation: loadRegulationSubject,
  Grant: loadGrantSubject,
  Initiative: loadInitiativeSubject,
  Activity: loadActivitySubject,
  Payment: loadPaymentSubject,
  BankAccount: loadBankAccountSubject,
} satisfies SubjectLoaders;
