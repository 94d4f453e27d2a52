import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('base64url').slice(0, 22);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Each recipient's own links: the recipient's id and an HMAC of it under the server's secret
 * (128 bits), so nobody can make a link for another recipient, and a leaked link names whose it
 * was (and can be revoked alone). A click link signs its destination too: no open redirect.
 */
export class RecipientLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  token(recipientId: number): string {
    return `${recipientId.toString(36)}.${mac(this.secret, `recipient:${recipientId}`)}`;
  }

  /** The recipient a token was made for, or null for a forged or malformed one. */
  recipientOf(token: string): number | null {
    const match = /^([0-9a-z]{1,12})\.([\w-]{22})$/.exec(token);
    if (!match) return null;
    const id = parseInt(match[1]!, 36);
    return Number.isSafeInteger(id) && same(match[2]!, mac(this.secret, `recipient:${id}`)) ? id : null;
  }

  clickSignature(recipientId: number, url: string): string {
    return mac(this.secret, `click:${recipientId}:${url}`);
  }

  isClickSigned(recipientId: number, url: string, signature: string): boolean {
    return same(signature, this.clickSignature(recipientId, url));
  }

  unsubscribeUrl(recipientId: number): string {
    return `${this.publicUrl}/m/u/${this.token(recipientId)}`;
  }

  /** The recipient's own web version: how they read it while it is embargoed, and what a revocation closes. */
  webUrl(recipientId: number): string {
    return `${this.publicUrl}/m/w/${this.token(recipientId)}`;
  }

  openPixelUrl(recipientId: number): string {
    return `${this.publicUrl}/m/o/${this.token(recipientId)}.gif`;
  }

  clickUrl(recipientId: number, url: string): string {
    return `${this.publicUrl}/m/c/${this.token(recipientId)}?u=${encodeURIComponent(url)}&s=${this.clickSignature(recipientId, url)}`;
  }
}
