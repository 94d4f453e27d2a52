import type { EventDefinition } from '../../contracts/events/index.ts';
import type { AnyEvent } from './types.ts';

export class UnknownEventType extends Error {
  constructor(type: string) {
    super(`Unknown event type ${type}`);
  }
}

/** Validates events on their way into the log and brings old shapes up to date on the way out. */
export class EventRegistry<E extends AnyEvent = AnyEvent> {
  private readonly byType = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const definition of definitions) {
      if (this.byType.has(definition.type)) throw new Error(`Event type ${definition.type} is defined twice`);
      this.byType.set(definition.type, definition);
    }
  }

  encode(event: E): { type: string; schemaVersion: number; data: unknown } {
    const definition = this.definition(event.type);
    const parsed = definition.schema.safeParse(event.data);
    if (!parsed.success) {
      // A decider produced an event its own contract rejects: a bug, never user input.
      throw new Error(`${event.type} does not match its schema: ${parsed.error.message}`);
    }
    return { type: event.type, schemaVersion: definition.schemaVersion, data: parsed.data };
  }

  /**
   * Data stored at the current version is what `encode` checked and kept, and is read as it
   * is: checking it again was most of a rebuild's decoding. Data of an older version is brought
   * up to date and then checked, as the upcasters' output never was.
   */
  decode(type: string, schemaVersion: number, stored: unknown): E {
    const definition = this.definition(type);
    if (schemaVersion === definition.schemaVersion) return { type, data: stored } as E;
    let data = stored;
    for (let v = schemaVersion; v < definition.schemaVersion; v++) data = definition.upcasters[v]!(data);
    return { type, data: definition.schema.parse(data) } as E;
  }

  private definition(type: string): EventDefinition {
    const definition = this.byType.get(type);
    if (!definition) throw new UnknownEventType(type);
    return definition;
  }
}
