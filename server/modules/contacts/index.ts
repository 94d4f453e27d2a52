// What other modules may use of contacts.
export { contactsProjection } from './projection.ts';
export { contactRoutes } from './routes.ts';
