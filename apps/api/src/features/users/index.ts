export { usersRoutes } from './users.routes';
export { toPerson, toUserResponse } from './users.response';
export { loadUserSubject } from './users.service';
export { peopleJson, visibleUser, type InitiativeRef, type PersonRow } from './users.queries';
export { replaceUserLinks } from './users.links';
