export { usersRoutes } from './users.routes';
export { toPerson } from './users.response';
export { loadUserSubject } from './users.service';
export { peopleJson, visibleUser, type InitiativeRef } from './users.queries';
export { replaceUserLinks } from './users.links';
