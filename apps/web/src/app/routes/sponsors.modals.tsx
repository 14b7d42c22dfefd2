// Modals of sponsors, regulations and grants.
import { FunderModal } from '../../features/funders';
import { GrantModal } from '../../features/grants';
import { InitiativeModal } from '../../features/initiatives';
import { RegulationModal } from '../../features/regulations';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['funders', 'regulations', 'grants', 'initiatives'];

export const AddSponsor = () => <FunderModal modal="addSponsor" />;
export const EditSponsor = () => <FunderModal modal="editSponsor" />;
export const DeleteSponsor = () => <FunderModal modal="deleteSponsor" />;

export const AddRegulation = () => <RegulationModal modal="addRegulation" />;
export const EditRegulation = () => <RegulationModal modal="editRegulation" />;
export const DeleteRegulation = () => <RegulationModal modal="deleteRegulation" />;
export const AddEmployee = () => <RegulationModal modal="addEmployee" />;
export const AddOfficer = () => <RegulationModal modal="addOfficer" />;

export const AddGrant = () => <GrantModal modal="addGrant" />;
export const EditGrant = () => <GrantModal modal="editGrant" />;
export const DeleteGrant = () => <GrantModal modal="deleteGrant" />;
export const AddFund = () => <InitiativeModal modal="addFund" />;
