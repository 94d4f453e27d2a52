import { useEffect, useState, type FormEvent } from 'react';
import { SOURCE_KINDS, SOURCE_LABELS, type CreateMonitorBody, type MonitorView, type SourceKind } from '../../../../contracts/monitors/api.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { Button, Checkbox, Input, Modal, showToast } from '../../ui/index.ts';
import { useSaveMonitor } from './queries.ts';

type Props = { open: boolean; onClose: () => void; monitor: MonitorView | null; modules: readonly string[]; onSaved?: (monitor: MonitorView) => void };

/** The sources the account's modules let it watch (the server's rule, docs/decisions.md). */
const SOURCE_MODULES: Record<SourceKind, string> = { news: 'ROLE_MODULE_MONITOR', announcement: 'ROLE_MODULE_MONITOR', post: 'ROLE_MODULE_MONITOR_SOCIAL', article: 'ROLE_MODULE_MONITOR_PRINT' };

const listOf = (text: string) => text.split(',').map((value) => value.trim()).filter(Boolean);

/** A monitor's form: what to look for, where, and whether a daily email sums it up. */
export function MonitorFormModal({ open, onClose, monitor, modules, onSaved }: Props) {
  const advanced = modules.includes('ROLE_MODULE_MONITOR_ADVANCED');
  const allowed = SOURCE_KINDS.filter((source) => modules.includes(SOURCE_MODULES[source]));
  const save = useSaveMonitor();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [sources, setSources] = useState<SourceKind[] | null>(null);
  const [beats, setBeats] = useState<string[]>([]);
  const [outlets, setOutlets] = useState('');
  const [countries, setCountries] = useState('');
  const [emailDigest, setEmailDigest] = useState(false);
  const [lines, setLines] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    setName(monitor?.name ?? '');
    setQuery(monitor?.query ?? '');
    setSources(monitor?.sources ?? null);
    setBeats(monitor?.beats ?? []);
    setOutlets(monitor?.outlets.join(', ') ?? '');
    setCountries(monitor?.countries.join(', ') ?? '');
    setEmailDigest(monitor?.emailDigest ?? false);
    setLines([]);
  }, [open, monitor]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLines([]);
    const body: CreateMonitorBody = { name, query, beats, outlets: listOf(outlets), countries: listOf(countries), emailDigest, ...(sources ? { sources } : {}) };
    try {
      const saved = await save.mutateAsync({ id: monitor?.id ?? null, body });
      showToast({ type: 'success', lines: [monitor ? 'Monitor saved' : 'Monitor created'] });
      onClose();
      onSaved?.(saved);
    } catch (error) {
      setLines(error instanceof ApiError ? linesOf(error) : ['Something went wrong. We are already working to solve it.']);
    }
  };
  const toggle = <T,>(values: T[], value: T, on: boolean) => (on ? [...values, value] : values.filter((candidate) => candidate !== value));
  const hint = advanced ? 'Words side by side must all appear. Use OR, NOT, brackets and "exact phrases".' : 'Every word must appear in an item.';

  return (
    <Modal open={open} onClose={onClose} title={monitor ? 'Edit monitor' : 'New monitor'}>
      <form className="monitor-form" onSubmit={(event) => void submit(event)} noValidate>
        {lines.length > 0 && (
          <ul className="monitor-form__errors" role="alert">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <Input label="Name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} autoFocus placeholder="Our brand" />
        <Input label="Query" value={query} maxLength={500} hint={hint} onChange={(event) => setQuery(event.target.value)} placeholder="Harbour PR" />
        {sources !== null && (
          <fieldset className="monitor-form__group">
            <legend>Sources</legend>
            {allowed.map((source) => (
              <Checkbox key={source} label={SOURCE_LABELS[source]} checked={sources.includes(source)} onChange={(event) => setSources(toggle(sources, source, event.target.checked))} />
            ))}
          </fieldset>
        )}
        {sources === null && (
          <p className="monitor-form__note">
            Watches every source your account may monitor.{' '}
            <button type="button" className="monitor-form__link" onClick={() => setSources(allowed)}>
              Choose sources
            </button>
          </p>
        )}
        <fieldset className="monitor-form__group">
          <legend>Beats (none: any)</legend>
          {BEATS.map((beat) => (
            <Checkbox key={beat.id} label={beat.name} checked={beats.includes(beat.name)} onChange={(event) => setBeats(toggle(beats, beat.name as string, event.target.checked))} />
          ))}
        </fieldset>
        <Input label="Outlets" hint="Separated by commas; empty: any" value={outlets} onChange={(event) => setOutlets(event.target.value)} placeholder="" />
        <Input label="Countries" hint="Two-letter codes separated by commas; empty: any" value={countries} onChange={(event) => setCountries(event.target.value)} placeholder="" />
        <Checkbox label="Email me a daily digest of new mentions" checked={emailDigest} onChange={(event) => setEmailDigest(event.target.checked)} />
        <div className="monitor-form__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {monitor ? 'Save monitor' : 'Create monitor'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
