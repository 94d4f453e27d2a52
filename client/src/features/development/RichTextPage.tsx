import { useState } from 'react';
import { textToHtml } from '../composer/richText.ts';
import { EDITOR_DEBOUNCE_MS, TextEditor } from '../composer/TextEditor.tsx';
import { RichText } from '../posts/RichText.tsx';
import { Showcase, Specimen } from './Showcase.tsx';
import '../composer/composer.css';
import '../posts/posts.css';

const SAMPLE = 'Our spring collection launches on Monday.\nPreviews are open to the press from 9:00.\n\nAsk us for <interviews> & samples.';

/** `/development/ckeditor`: the editor of posts and comments, the rich text it stores, and how a post shows it. */
export function RichTextPage() {
  const [text, setText] = useState(SAMPLE);
  const html = textToHtml(text);
  return (
    <Showcase title="Rich text editor" blurb="What people write in posts: a blank line starts a paragraph, a single line break stays a line break, and markup is kept as text.">
      <Specimen title="Editor" note={`The editor passes its text on ${EDITOR_DEBOUNCE_MS} ms after the last key, or at once when it loses focus.`}>
        <TextEditor label="Text" value={text} onChange={setText} placeholder="Write something" rows={5} />
      </Specimen>
      <Specimen title="Stored as">
        <pre className="dev-source">
          {html || '(nothing)'}
        </pre>
      </Specimen>
      <Specimen title="Shown as">
        <RichText html={html} />
      </Specimen>
    </Showcase>
  );
}
