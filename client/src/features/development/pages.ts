// The development area loads as one chunk, on the first visit to one of its pages.
import type { RouteComponent } from '@tanstack/react-router';
import type { developmentTools } from '../../routes/meta.ts';
import { HlsPage, VideoRecorderPage } from '../video/DevelopmentVideoPages.tsx';
import { ButtonsPage } from './ButtonsPage.tsx';
import { EditCommunityPage } from './EditCommunityPage.tsx';
import { ImageCutPage } from './ImageCutPage.tsx';
import { ImageSelectorPage } from './ImageSelectorPage.tsx';
import { MultiselectPage } from './MultiselectPage.tsx';
import { NewsroomPage } from './NewsroomPage.tsx';
import { RichTextPage } from './RichTextPage.tsx';

export { DevelopmentPage } from './DevelopmentPage.tsx';

/** Each page of spec section 2's development routes, by its path under /development. */
export const developmentScreens: Record<(typeof developmentTools)[number]['path'], RouteComponent> = {
  multiselect: MultiselectPage,
  'img/selector': ImageSelectorPage,
  'img/cut': ImageCutPage,
  buttons: ButtonsPage,
  videoRecorder: VideoRecorderPage,
  ckeditor: RichTextPage,
  newsroom: NewsroomPage,
  hls: HlsPage,
  'edit-community': EditCommunityPage,
};
