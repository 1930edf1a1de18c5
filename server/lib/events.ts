/** Something that happened to a record, told to whoever listens once it is committed. */
export interface DomainEvent {
  /** The activity's name: "user.updated", "role.deleted"... */
  type: string;
  subjectType: string;
  subjectId: number | null;
  actorId: number | null;
  /** Changed fields as before/after pairs, secrets masked. */
  changes: Record<string, unknown> | null;
}

type Listener = (event: DomainEvent) => void | Promise<void>;

/**
 * The in-process event bus. Listeners run after the write's commit and
 * cannot undo it: a failing listener is logged, the write stands.
 */
export interface EventBus {
  /** Listens to events whose type starts with `prefix` ("user." for every change to people). */
  on(prefix: string, listener: Listener): void;
  publish(event: DomainEvent): Promise<void>;
}

export function createEventBus(onError: (error: unknown, event: DomainEvent) => void): EventBus {
  const listeners: { prefix: string; listener: Listener }[] = [];
  return {
    on(prefix, listener) {
      listeners.push({ prefix, listener });
    },
    async publish(event) {
      for (const { prefix, listener } of listeners) {
        if (!event.type.startsWith(prefix)) continue;
        try {
          await listener(event);
        } catch (error) {
          onError(error, event);
        }
      }
    },
  };
}
