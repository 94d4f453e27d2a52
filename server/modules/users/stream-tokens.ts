import { connect, type StreamClient } from 'getstream';

/**
 * Stream (getstream.io) tokens for the client's feeds: signed offline with the app secret,
 * no call to Stream is made. Beat feeds are read-only for readers.
 */
export class StreamTokens {
  private readonly client: StreamClient;

  constructor(apiKey: string, apiSecret: string) {
    this.client = connect(apiKey, apiSecret);
  }

  user(userId: number): string {
    return this.client.createUserToken(String(userId));
  }

  beatFeed(beatId: number): string {
    return this.client.getReadOnlyToken('beat', String(beatId));
  }
}
