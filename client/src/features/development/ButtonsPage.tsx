import { useState } from 'react';
import { Badge, Button, Checkbox, confirmDialog, Segmented, showToast, Tooltip, type ButtonVariant } from '../../ui/index.ts';
import { Readout, Showcase, Specimen } from './Showcase.tsx';

const variants: { value: ButtonVariant; label: string }[] = [
  { value: 'primary', label: 'Primary' },
  { value: 'secondary', label: 'Secondary' },
  { value: 'ghost', label: 'Ghost' },
  { value: 'danger', label: 'Danger' },
];

const scopes = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Mine' },
  { value: 'shared', label: 'Shared' },
] as const;

const WORK_MS = 1500;

/** `/development/buttons`: the UI kit's buttons in every variant and state, and the pieces that live beside them. */
export function ButtonsPage() {
  const [clicks, setClicks] = useState(0);
  const [working, setWorking] = useState(false);
  const [scope, setScope] = useState<(typeof scopes)[number]['value']>('all');
  const [agreed, setAgreed] = useState(false);
  const [answer, setAnswer] = useState<string>('not asked yet');

  const work = () => {
    setWorking(true);
    setTimeout(() => setWorking(false), WORK_MS);
  };

  const ask = async () => {
    const applied = await confirmDialog({ title: 'Delete this draft?', message: 'It cannot be brought back.', showCancel: true, applyLabel: 'Delete', danger: true });
    setAnswer(applied ? 'deleted' : 'kept');
  };

  return (
    <Showcase title="Buttons" blurb="Every button of the UI kit, and the pills, badges, tooltips, dialogs and toasts around them.">
      <Specimen title="Variants" note="Each in its two sizes. Disabled buttons are skipped by the keyboard.">
        {variants.map((variant) => (
          <div key={variant.value} className="dev-row">
            <Button variant={variant.value} onClick={() => setClicks((count) => count + 1)}>
              {variant.label}
            </Button>
            <Button variant={variant.value} size="sm" onClick={() => setClicks((count) => count + 1)}>
              {variant.label} small
            </Button>
            <Button variant={variant.value} disabled>
              {variant.label} disabled
            </Button>
          </div>
        ))}
        <Readout label="Clicks">{clicks}</Readout>
      </Specimen>
      <Specimen title="Loading" note={`A busy button keeps its label and width and refuses clicks until the work is done (${WORK_MS} ms here).`}>
        <div className="dev-row">
          <Button loading={working} onClick={work}>
            Save
          </Button>
          <Button variant="secondary" loading={working} onClick={work}>
            Send
          </Button>
        </div>
        <Button block variant="secondary" onClick={() => setClicks((count) => count + 1)}>
          Full width
        </Button>
      </Specimen>
      <Specimen title="Pills, checkboxes and badges">
        <Segmented label="Scope" options={scopes} value={scope} onChange={setScope} />
        <Readout label="Scope">{scope}</Readout>
        <Checkbox label="I agree to the terms" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <div className="dev-row">
          <span>
            Messages <Badge count={3} label="unread messages" />
          </span>
          <span>
            Notifications <Badge count={120} label="unread notifications" />
          </span>
        </div>
      </Specimen>
      <Specimen title="Tooltips, dialogs and toasts">
        <div className="dev-row">
          <Tooltip content="Shown on hover after a moment, on focus, and on a click">
            <Button variant="ghost">Hover or focus me</Button>
          </Tooltip>
          <Button variant="danger" onClick={() => void ask()}>
            Delete draft
          </Button>
          <Button variant="secondary" onClick={() => showToast({ type: 'success', lines: ['Saved'] })}>
            Show a toast
          </Button>
          <Button variant="secondary" onClick={() => showToast({ type: 'error', title: 'Not sent', lines: ['Check your connection and try again.'] })}>
            Show an error toast
          </Button>
        </div>
        <Readout label="The draft">{answer}</Readout>
      </Specimen>
    </Showcase>
  );
}
