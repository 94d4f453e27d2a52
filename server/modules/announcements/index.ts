// What other modules and the process entry points may use of announcements.
export { announcementsProjection } from './projection.ts';
export { announcementRoutes, type AnnouncementOptions } from './routes.ts';
export { AnnouncementScheduler, type SchedulerOptions } from './scheduler.ts';
export { distributionRoutes, type DistributionOptions } from './distribution/routes.ts';
export { DistributionSender, senderFor as distributionSenderFor } from './distribution/sender.ts';
export { newsroomHeadlines, newsroomAnnouncementCounts, findAnnouncement, announcementBeatsOf } from './queries.ts';
export { announcementMessagesFor, mayJoinAnnouncementRoom, type AnnouncementMessage } from './live.ts';
export { wireAnnouncements, type WireAnnouncement } from './wire.ts';
export { feedAnnouncements, feedAnnouncementMessagesFor, type FeedAnnouncementMessage } from './feed.ts';
