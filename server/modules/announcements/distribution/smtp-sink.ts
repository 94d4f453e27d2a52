import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SunkMessage = { to: string; raw: string };

/**
 * A local SMTP server that keeps what it accepts (tests and the benchmark): a message counts once
 * the sink has answered 250 to it, as a relay's acceptance does. It can refuse chosen addresses
 * for good (550), refuse everything for now (451), or hold every message unanswered (`freeze`),
 * which is the moment a sender is killed in the takeover tests.
 */
export class SmtpSink {
  readonly accepted: SunkMessage[] = [];
  readonly refusedAddresses = new Set<string>();
  relayDown = false;
  private frozen = false;
  private server: SMTPServer;
  port = 0;
  /** Told after each acceptance, with how many there are. */
  onAccepted: (count: number) => void = () => undefined;

  constructor(options: { keepRaw?: boolean } = {}) {
    const keepRaw = options.keepRaw ?? true;
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 10 * 1024 * 1024,
      maxClients: 64,
      // A sender killed mid-send never hangs up: closing waits this long for it, not the default 30 s.
      closeTimeout: 200,
      onRcptTo: (address, _session, callback) => {
        if (this.refusedAddresses.has(address.address.toLowerCase())) return callback(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.frozen) return;
          if (this.relayDown) return callback(Object.assign(new Error('4.3.2 Service busy, try later'), { responseCode: 451 }));
          for (const rcpt of session.envelope.rcptTo) this.accepted.push({ to: rcpt.address.toLowerCase(), raw: keepRaw ? Buffer.concat(chunks).toString() : '' });
          callback();
          this.onAccepted(this.accepted.length);
        });
      },
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Answers no message from now on (they wait unanswered) until `thaw`. */
  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
  }

  /** How many times each address was accepted. */
  counts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const message of this.accepted) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
    return counts;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
