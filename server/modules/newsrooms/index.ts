// What other modules may use of newsrooms.
export { newsroomsProjection } from './projection.ts';
export { newsroomRoutes } from './routes.ts';
export { findNewsroom, accessOf as newsroomAccessOf } from './queries.ts';
export { mayEdit as mayEditNewsroom, maySee as maySeeNewsroom, type Member as NewsroomMember } from './permissions.ts';
export { newsroomMessagesFor, type NewsroomMessage } from './live.ts';
