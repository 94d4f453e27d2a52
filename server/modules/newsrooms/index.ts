// What other modules may use of newsrooms.
export { newsroomsProjection } from './projection.ts';
export { newsroomRoutes } from './routes.ts';
export { findNewsroom, accessOf as newsroomAccessOf, accountModules } from './queries.ts';
export {
  mayEdit as mayEditNewsroom,
  maySee as maySeeNewsroom,
  isOwnNewsroom,
  isPlatformAdmin,
  newsroomsRefusal,
  READ_ONLY,
  type Member as NewsroomMember,
  type NewsroomAccess,
} from './permissions.ts';
export { newsroomMessagesFor, type NewsroomMessage } from './live.ts';
export { escapeHtml, type Headline } from './page.ts';
