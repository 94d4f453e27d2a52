import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ImportField, ImportReport } from '../../../../contracts/contacts/api.ts';
import { ApiError, uploadWithProgress } from '../../lib/api/index.ts';
import { fileSize } from '../../lib/format/index.ts';
import { Button, Checkbox, Modal, Select, showToast } from '../../ui/index.ts';
import { guessMapping, IMPORT_FIELDS, mappingToSend, previewOf, PREVIEW_BYTES, type ImportPreview } from './importPreview.ts';
import { countOf } from './parts.tsx';
import { contactKeys } from './queries.ts';

type Step =
  | { kind: 'choose' }
  | { kind: 'map'; file: File; preview: ImportPreview; mapping: Record<string, ImportField | ''> }
  | { kind: 'sending'; file: File; fraction: number }
  | { kind: 'report'; file: File; report: ImportReport };

const CONSENT = 'I confirm that my account may contact the people in this file, and that they have agreed to hear from us or we have another lawful reason to contact them.';

// The server names the field a line is about ("emails.0: Email is not valid"); its words say it already.
const withoutPath = (line: string) => line.replace(/^[A-Za-z][\w.]*: /, '');

function ReportView({ report }: { report: ImportReport }) {
  return (
    <div className="import-report">
      <ul className="import-report__totals" aria-label="Import results">
        <li>
          <strong>{report.imported.toLocaleString('en')}</strong> added
        </li>
        <li>
          <strong>{report.updated.toLocaleString('en')}</strong> updated
        </li>
        <li>
          <strong>{report.unchanged.toLocaleString('en')}</strong> unchanged
        </li>
        <li className={report.failed.length ? 'import-report__bad' : ''}>
          <strong>{report.failed.length.toLocaleString('en')}</strong> left out
        </li>
      </ul>
      {report.failed.length > 0 && (
        <>
          <h3 className="import-report__heading">Rows left out</h3>
          <p className="contacts-form__lead">Fix these rows in your file and import it again: rows already imported are found again by email, so nothing is added twice.</p>
          <ul className="import-report__rows" aria-label="Rows left out">
            {report.failed.map((row) => (
              <li key={row.line}>
                <span className="import-report__line">Line {row.line}</span>
                <span>{row.errors.map(withoutPath).join('; ')}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * Import from CSV in four steps: choose a file; see its headers and first rows and say which
 * field each column fills, and confirm consent; watch it upload and import; read the report,
 * bad rows by their line in the file.
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const fileId = useId();

  const reset = () => {
    setStep({ kind: 'choose' });
    setConsent(false);
    setErrors([]);
  };
  const close = () => {
    abort.current?.abort();
    reset();
    onClose();
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setErrors([]);
    try {
      const preview = previewOf(await file.slice(0, PREVIEW_BYTES).text(), file.size <= PREVIEW_BYTES);
      if (preview.headers.length === 0) return setErrors(['The file is empty: its first line should name the columns.']);
      setStep({ kind: 'map', file, preview, mapping: guessMapping(preview.headers) });
    } catch {
      setErrors(['This file could not be read as CSV. Save it from your spreadsheet as “CSV (comma separated)” and try again.']);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'map') return;
    const mapping = mappingToSend(step.mapping);
    if (!mapping) return setErrors(['Choose the column that holds the name (or the first and last names).']);
    if (!consent) return setErrors(['Confirm that you may contact the people in this file']);
    setErrors([]);
    const file = step.file;
    abort.current = new AbortController();
    setStep({ kind: 'sending', file, fraction: 0 });
    try {
      const report = await uploadWithProgress<ImportReport>(
        '/api/v1/contacts/import',
        'file',
        file,
        (fraction) => setStep((current) => (current.kind === 'sending' ? { ...current, fraction } : current)),
        abort.current.signal,
        { consent: 'true', mapping: JSON.stringify(mapping) },
      );
      setStep({ kind: 'report', file, report });
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
      showToast({ type: report.failed.length ? 'warning' : 'success', lines: [`${countOf(report.imported + report.updated, 'contact')} imported${report.failed.length ? `, ${countOf(report.failed.length, 'row')} left out` : ''}`] });
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setStep({ kind: 'map', file, preview: previewOf(await file.slice(0, PREVIEW_BYTES).text(), file.size <= PREVIEW_BYTES), mapping: step.mapping });
      setErrors(failure instanceof ApiError ? (failure.errors.length ? failure.errors : [failure.detail ?? failure.message]) : ['The file could not be sent. Check your connection and try again.']);
    }
  };

  const errorBox = errors.length > 0 && (
    <div className="contacts-form__error" role="alert">
      {errors.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );

  return (
    <Modal open={open} onClose={close} title="Import contacts from CSV" size="lg" disableClose={step.kind === 'sending'}>
      {step.kind === 'choose' && (
        <div className="contacts-form">
          <p className="contacts-form__lead">
            Choose a CSV file whose first line names its columns. You will see its columns next, and say which field each one fills. Contacts already in your account are found by email
            address and updated.
          </p>
          {errorBox}
          <label htmlFor={fileId} className="import-drop">
            <span className="button button--primary">Choose a CSV file</span>
            <span className="import-drop__hint">Up to 50 MB</span>
          </label>
          <input id={fileId} className="visually-hidden" type="file" accept=".csv,text/csv" onChange={(event) => void choose(event.target.files?.[0])} />
        </div>
      )}
      {step.kind === 'map' && (
        <form className="contacts-form" onSubmit={(event) => void send(event)}>
          <p className="contacts-form__lead">
            <strong>{step.file.name}</strong> ({fileSize(step.file.size)}). Say which field each column fills; columns left as “Leave out” are not imported.
          </p>
          <div className="import-map" role="table" aria-label="Columns of the file">
            <div role="row" className="import-map__row import-map__row--head">
              <span role="columnheader">Column</span>
              <span role="columnheader">Imported as</span>
              <span role="columnheader">First values</span>
            </div>
            {step.preview.headers.map((header, index) => (
              <div role="row" key={`${header}-${index}`} className="import-map__row">
                <span role="cell" className="import-map__header">
                  {header || `Column ${index + 1}`}
                </span>
                <span role="cell">
                  <Select
                    label={`Field for the column ${header || index + 1}`}
                    hideLabel
                    value={step.mapping[header] ?? ''}
                    onChange={(event) => setStep({ ...step, mapping: { ...step.mapping, [header]: event.target.value as ImportField | '' } })}
                  >
                    <option value="">Leave out</option>
                    {IMPORT_FIELDS.map((option) => (
                      <option key={option.field} value={option.field}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                </span>
                <span role="cell" className="import-map__sample">
                  {step.preview.rows
                    .map((row) => row[index] ?? '')
                    .filter(Boolean)
                    .slice(0, 3)
                    .join(' · ')}
                </span>
              </div>
            ))}
          </div>
          <Checkbox label={CONSENT} checked={consent} onChange={(event) => setConsent(event.target.checked)} />
          {errorBox}
          <div className="contacts-form__buttons">
            <Button type="button" variant="secondary" onClick={reset}>
              Choose another file
            </Button>
            <Button type="submit">Import</Button>
          </div>
        </form>
      )}
      {step.kind === 'sending' && (
        <div className="contacts-form">
          <p className="contacts-form__lead">{step.fraction < 1 ? `Sending ${step.file.name}…` : `Importing the rows of ${step.file.name}…`}</p>
          <progress className="import-progress" max={1} value={step.fraction < 1 ? step.fraction : undefined} aria-label={step.fraction < 1 ? 'Upload progress' : 'Importing'} />
          <div className="contacts-form__buttons">
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {step.kind === 'report' && (
        <div className="contacts-form">
          <p className="contacts-form__lead">
            <strong>{step.file.name}</strong> is imported.
          </p>
          <ReportView report={step.report} />
          <div className="contacts-form__buttons">
            <Button type="button" variant="secondary" onClick={reset}>
              Import another file
            </Button>
            <Button type="button" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
