import type { NewsroomEvent, NewsroomFields } from '../../../contracts/newsrooms/index.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import './tables.ts';

const columns = (fields: NewsroomFields) => ({
  slug: fields.slug,
  name: fields.name,
  logo_id: fields.logo?.uploadId ?? null,
  logo_path: fields.logo?.path ?? null,
  brand_colour: fields.brandColour,
  about: fields.about,
  press_contacts: fields.pressContacts,
  links: JSON.stringify(fields.links),
  languages: fields.languages,
  is_public: fields.isPublic,
});

/** Newsrooms as their streams tell them, and the people outside their account confirmed to edit them. */
export const newsroomsProjection: InlineProjection<NewsroomEvent> = {
  name: 'newsrooms',
  tables: ['newsroom_managers', 'newsrooms'],
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'NewsroomCreated': {
        const { newsroomId, companyId, accountId, fields, createdBy } = event.data;
        await trx
          .insertInto('newsrooms')
          .values({ id: newsroomId, company_id: companyId, account_id: accountId, ...columns(fields), created_by: createdBy, created_at: at, updated_at: at })
          .execute();
        return;
      }
      case 'NewsroomEdited':
        await trx.updateTable('newsrooms').set({ ...columns(event.data.fields), updated_at: at }).where('id', '=', event.data.newsroomId).execute();
        return;
      case 'NewsroomAccessConfirmed': {
        const { newsroomId, userId, requestId } = event.data;
        await trx.insertInto('newsroom_managers').values({ newsroom_id: newsroomId, user_id: userId, request_id: requestId, granted_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      }
      default:
        return;
    }
  },
};
