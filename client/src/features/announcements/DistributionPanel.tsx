import { useEffect, useId, useState } from 'react';
import { OPENS_NOTE, type DistributionView } from '../../../../contracts/announcements/distribution.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { formatDate } from '../../lib/format/index.ts';
import { Button, Spinner, confirmDialog, showToast } from '../../ui/index.ts';
import { addressesOf, useDistribution, useDistributionLive, useRevokeLinks, useSendableLists, useSetAudience } from './distribution.ts';
import { NumbersChart } from './NumbersChart.tsx';

const BATCH_STATUS = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' } as const;
/** What the relay said of a recipient it could not deliver to. */
const BOUNCE = { hard: 'Bounced', soft: 'Bounced for now' } as const;

const failed = (failure: unknown) => showToast({ type: 'error', lines: failure instanceof ApiError ? linesOf(failure) : ['Check your connection and try again.'] });

type Recipient = DistributionView['numbers']['recipients'][number];

/** Each recipient who acted or bounced, with what they did, and whether their own links still open it; its writers revoke them one by one. */
function RecipientsTable({ id, recipients, canEdit, timezone }: { id: number; recipients: Recipient[]; canEdit: boolean; timezone: string }) {
  const revoke = useRevokeLinks(id);
  const ask = async (recipient: Recipient) => {
    const sure = await confirmDialog({
      title: `Revoke the links of ${recipient.email}?`,
      message: 'Their own web version stops opening it, now and after the embargo; everyone else’s links keep working. This cannot be undone.',
      applyLabel: 'Revoke links',
      danger: true,
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync(recipient.id);
      showToast({ type: 'success', lines: [`The links of ${recipient.email} no longer open it`] });
    } catch (failure) {
      failed(failure);
    }
  };
  return (
    <table className="distribution-batches">
      <caption className="visually-hidden">Recipients who opened, clicked, read it online or bounced</caption>
      <thead>
        <tr>
          <th scope="col">Recipient</th>
          <th scope="col">Clicks</th>
          <th scope="col">Opens</th>
          <th scope="col">Web views</th>
          <th scope="col">Their links</th>
        </tr>
      </thead>
      <tbody>
        {recipients.map((recipient) => (
          <tr key={recipient.id}>
            <td>
              {recipient.email}
              {recipient.bounce && (
                <>
                  {' '}
                  <span className={`distribution-batches__status${recipient.bounce === 'hard' ? ' distribution-batches__status--failed' : ''}`}>{BOUNCE[recipient.bounce]}</span>
                </>
              )}
            </td>
            <td>{recipient.clicks}</td>
            <td>{recipient.opens}</td>
            <td>{recipient.views}</td>
            <td>
              {recipient.revokedAt ? (
                <span className="distribution-batches__status distribution-batches__status--failed">Revoked {formatDate(recipient.revokedAt, 'dateTime', timezone)}</span>
              ) : canEdit ? (
                <Button variant="secondary" size="sm" loading={revoke.isPending && revoke.variables === recipient.id} onClick={() => void ask(recipient)} aria-label={`Revoke links of ${recipient.email}`}>
                  Revoke links
                </Button>
              ) : (
                'Working'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Who the email version goes to (its newsroom's writers change it), and how it was sent. */
function AudienceForm({ id, distribution, published }: { id: number; distribution: DistributionView; published: boolean }) {
  const lists = useSendableLists();
  const save = useSetAudience(id);
  const [chosen, setChosen] = useState<number[]>(distribution.audience.lists);
  const [subscribers, setSubscribers] = useState(distribution.audience.subscribers);
  const [typed, setTyped] = useState(distribution.audience.addresses.join('\n'));
  const addressesId = useId();
  useEffect(() => {
    setChosen(distribution.audience.lists);
    setSubscribers(distribution.audience.subscribers);
    setTyped(distribution.audience.addresses.join('\n'));
  }, [distribution.audience]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ lists: chosen, subscribers, addresses: addressesOf(typed) });
      showToast({ type: 'success', lines: [published ? 'Recipients saved: new ones are sent it now' : 'Recipients saved: they are sent it when it is published'] });
    } catch (failure) {
      failed(failure);
    }
  };

  return (
    <form className="distribution-form" onSubmit={(event) => void submit(event)}>
      <fieldset className="distribution-form__lists">
        <legend>Contact lists</legend>
        {lists.isPending && <Spinner label="Loading contact lists" />}
        {lists.data?.length === 0 && <p className="hub-panel__note">The account has no contact lists yet.</p>}
        {lists.isError && <p className="hub-panel__note">Contact lists come with the contacts module.</p>}
        {lists.data?.map((list) => (
          <label key={list.id} className="distribution-form__check">
            <input type="checkbox" checked={chosen.includes(list.id)} onChange={(event) => setChosen(event.target.checked ? [...chosen, list.id] : chosen.filter((other) => other !== list.id))} />
            {list.name} <span className="hub-panel__note">({list.count})</span>
          </label>
        ))}
      </fieldset>
      <label className="distribution-form__check">
        <input type="checkbox" checked={subscribers} onChange={(event) => setSubscribers(event.target.checked)} />
        The newsroom’s subscribers (once it is public)
      </label>
      <label htmlFor={addressesId} className="field__label">
        Other addresses, one a line
      </label>
      <textarea id={addressesId} className="field__input distribution-form__addresses" rows={3} value={typed} onChange={(event) => setTyped(event.target.value)} />
      <div>
        <Button type="submit" loading={save.isPending}>
          Save recipients
        </Button>
      </div>
    </form>
  );
}

/** The hub's distribution and numbers: recipients, batches with the relay's answers, and what became of the email and the page. */
export function DistributionPanel({ id, canEdit, published, timezone }: { id: number; canEdit: boolean; published: boolean; timezone: string }) {
  const distribution = useDistribution(id);
  useDistributionLive(id);
  if (distribution.isPending) return <Spinner label="Loading the distribution" />;
  if (distribution.isError)
    return (
      <section className="hub-panel hub-panel--wide">
        <p>The distribution could not be loaded.</p>
        <Button variant="secondary" onClick={() => void distribution.refetch()}>
          Try again
        </Button>
      </section>
    );
  const view = distribution.data;
  const { numbers, totals } = view;
  const tiles = [
    { label: 'Clicked', value: numbers.clicked, detail: `${numbers.clicks} clicks`, lead: true },
    { label: 'Opened', value: numbers.opened, detail: `${numbers.opens} opens` },
    { label: 'Sent', value: numbers.sent, detail: `${totals.queued} waiting` },
    { label: 'Delivered', value: numbers.delivered, detail: numbers.softBounced ? `${totals.bounced} bounced, ${numbers.softBounced} for now` : `${totals.bounced} bounced` },
    { label: 'Web views', value: numbers.views, detail: `${numbers.uniqueVisitors} unique visitors` },
  ];
  return (
    <>
      <section className="hub-panel" aria-labelledby="hub-recipients">
        <h2 id="hub-recipients" className="hub-panel__title">
          Recipients
        </h2>
        {canEdit ? (
          <AudienceForm id={id} distribution={view} published={published} />
        ) : (
          <p>
            {view.audience.lists.length} lists, {view.audience.addresses.length} addresses{view.audience.subscribers ? ', and the newsroom’s subscribers' : ''}.
          </p>
        )}
      </section>

      <section className="hub-panel" aria-labelledby="hub-sending">
        <h2 id="hub-sending" className="hub-panel__title">
          Sending
        </h2>
        {view.alert && (
          <p role="alert" className="distribution-alert">
            {view.alert}
          </p>
        )}
        <p>
          {totals.recipients === 0 ? 'Nobody has been sent it yet.' : `${totals.sent} of ${totals.recipients} sent, ${totals.queued} waiting, ${totals.bounced} bounced, ${totals.failed} not sent.`}
        </p>
        {view.batches.length > 0 && (
          <table className="distribution-batches">
            <caption className="visually-hidden">Batches, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Status</th>
                <th scope="col">Sent</th>
                <th scope="col">Relay’s answer</th>
              </tr>
            </thead>
            <tbody>
              {view.batches.map((batch) => (
                <tr key={batch.id}>
                  <td>{batch.id}</td>
                  <td>
                    <span className={`distribution-batches__status distribution-batches__status--${batch.status}`}>{BATCH_STATUS[batch.status]}</span>
                  </td>
                  <td>
                    {batch.sent} / {batch.size}
                  </td>
                  <td className="distribution-batches__error">{batch.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="hub-panel hub-panel--wide" aria-labelledby="hub-numbers">
        <h2 id="hub-numbers" className="hub-panel__title">
          Numbers
        </h2>
        {!numbers.tracking && <p className="hub-panel__note">Tracking is off for this announcement: opens, clicks and views are not counted.</p>}
        <dl className="numbers-tiles">
          {tiles.map((tile) => (
            <div key={tile.label} className={`numbers-tiles__tile${tile.lead ? ' numbers-tiles__tile--lead' : ''}`}>
              <dt>{tile.label}</dt>
              <dd className="numbers-tiles__value">{tile.value}</dd>
              <dd className="hub-panel__note">{tile.detail}</dd>
            </div>
          ))}
        </dl>
        <p className="hub-panel__note">{OPENS_NOTE}</p>
        <NumbersChart series={numbers.series} timezone={timezone} />
        {numbers.recipients.length > 0 && <RecipientsTable id={id} recipients={numbers.recipients} canEdit={canEdit} timezone={timezone} />}
      </section>
    </>
  );
}
