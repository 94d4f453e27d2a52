import type { Migration } from 'kysely';
import * as eventStore from './0001_event_store.ts';
import * as usersAndSessions from './0002_users_and_sessions.ts';
import * as posts from './0003_posts.ts';
import * as uploads from './0004_uploads.ts';
import * as communities from './0005_communities.ts';
import * as notificationReads from './0006_notification_reads.ts';
import * as feedPerformance from './0007_feed_performance.ts';
import * as profiles from './0010_profiles.ts';
import * as postsByAuthor from './0011_posts_by_author.ts';
import * as video from './0012_video.ts';
import * as interviews from './0013_interviews.ts';
import * as messages from './0014_messages.ts';
import * as search from './0015_search.ts';
import * as contacts from './0016_contacts.ts';
import * as contactSuppressions from './0017_contact_suppressions.ts';
import * as tasks from './0018_tasks.ts';
import * as newsrooms from './0019_newsrooms.ts';
import * as announcements from './0020_announcements.ts';
import * as interviewSearch from './0021_interview_search.ts';
import * as contactEmailLookup from './0022_contact_email_lookup.ts';
import * as livingContactLists from './0023_living_contact_lists.ts';
import * as contactRecommendationDismissals from './0024_contact_recommendation_dismissals.ts';
import * as monitors from './0035_monitors.ts';
import * as monitorDigests from './0036_monitor_digests.ts';
import * as contactFacetCounts from './0040_contact_facet_counts.ts';
import * as announcementSearch from './0041_announcement_search.ts';
import * as news from './0030_news.ts';
import * as announcementDistribution from './0025_announcement_distribution.ts';
import * as distributionActivity from './0026_distribution_activity.ts';
import * as interviewSearchQuestions from './0046_interview_search_questions.ts';
import * as distributionBounces from './0047_distribution_bounces.ts';
import * as newsCommentary from './0052_news_commentary.ts';
import * as searchVectorsInline from './0053_search_vectors_inline.ts';
import * as storySearch from './0054_story_search.ts';
import * as peopleLikeRows from './0055_people_like_rows.ts';
import * as messagesHotUpdates from './0056_messages_hot_updates.ts';

// Ordered by name; a new migration is one new file and one line here.
export const migrations: Record<string, Migration> = {
  '0001_event_store': eventStore,
  '0002_users_and_sessions': usersAndSessions,
  '0003_posts': posts,
  '0004_uploads': uploads,
  '0005_communities': communities,
  '0006_notification_reads': notificationReads,
  '0007_feed_performance': feedPerformance,
  '0010_profiles': profiles,
  '0011_posts_by_author': postsByAuthor,
  '0012_video': video,
  '0013_interviews': interviews,
  '0014_messages': messages,
  '0015_search': search,
  '0016_contacts': contacts,
  '0017_contact_suppressions': contactSuppressions,
  '0018_tasks': tasks,
  '0019_newsrooms': newsrooms,
  '0020_announcements': announcements,
  '0021_interview_search': interviewSearch,
  '0022_contact_email_lookup': contactEmailLookup,
  '0023_living_contact_lists': livingContactLists,
  '0024_contact_recommendation_dismissals': contactRecommendationDismissals,
  '0035_monitors': monitors,
  '0036_monitor_digests': monitorDigests,
  '0040_contact_facet_counts': contactFacetCounts,
  '0041_announcement_search': announcementSearch,
  '0030_news': news,
  '0025_announcement_distribution': announcementDistribution,
  '0026_distribution_activity': distributionActivity,
  '0046_interview_search_questions': interviewSearchQuestions,
  '0047_distribution_bounces': distributionBounces,
  '0052_news_commentary': newsCommentary,
  '0053_search_vectors_inline': searchVectorsInline,
  '0054_story_search': storySearch,
  '0055_people_like_rows': peopleLikeRows,
  '0056_messages_hot_updates': messagesHotUpdates,
};
