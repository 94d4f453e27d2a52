// The development area loads as one chunk, on the first visit to one of its pages.
export { DevelopmentPage } from './DevelopmentPage.tsx';
export { MultiselectPage } from './MultiselectPage.tsx';
export { ImageSelectorPage } from './ImageSelectorPage.tsx';
export { ImageCutPage } from './ImageCutPage.tsx';
export { ButtonsPage } from './ButtonsPage.tsx';
export { RichTextPage } from './RichTextPage.tsx';
export { NewsroomPage } from './NewsroomPage.tsx';
export { EditCommunityPage } from './EditCommunityPage.tsx';
export { HlsPage, VideoRecorderPage } from '../video/DevelopmentVideoPages.tsx';
