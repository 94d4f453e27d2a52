import { productEvents, type ProductEvent } from '../contracts/events/index.ts';
import type { Model } from './core.ts';
import { announcementsProjection } from './modules/announcements/index.ts';
import { communitiesProjection } from './modules/communities/projection.ts';
import { contactsProjection } from './modules/contacts/index.ts';
import { interviewsProjection } from './modules/interviews/projection.ts';
import { messagesProjection } from './modules/messages/index.ts';
import { monitorMatcher, monitorsProjection } from './modules/monitors/index.ts';
import { newsProjection } from './modules/news/index.ts';
import { newsroomsProjection } from './modules/newsrooms/index.ts';
import { notificationsProcessor } from './modules/notifications/processor.ts';
import { postsProjection } from './modules/posts/projection.ts';
import { profilesProjection } from './modules/profiles/projection.ts';
import { tasksProjection } from './modules/tasks/index.ts';
import { usersProjection } from './modules/users/projection.ts';
import { videosProjection } from './modules/video/index.ts';

// The product's event types and read models. Each module adds its projections here as it lands.
export const productModel: Model<ProductEvent> = {
  events: productEvents,
  inline: [usersProjection, profilesProjection, postsProjection, communitiesProjection, interviewsProjection, videosProjection, messagesProjection, contactsProjection, tasksProjection, newsroomsProjection, announcementsProjection, newsProjection, monitorsProjection],
  processors: [notificationsProcessor(), monitorMatcher()],
};
