import type { AppendHook, AppendRequest, AppendResult, ExpectedVersion, NewEvent } from './types.ts';

/** What every adapter shares: append is appendMany of one stream, and the append hooks. */
export abstract class BaseEventStore {
  protected readonly hooks: AppendHook[] = [];

  onAppend(hook: AppendHook): void {
    this.hooks.push(hook);
  }

  abstract appendMany(requests: readonly AppendRequest[]): Promise<AppendResult[]>;

  async append(
    stream: string,
    events: readonly NewEvent[],
    options: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult> {
    const [result] = await this.appendMany([{ stream, events, expectedVersion: options.expectedVersion }]);
    return result!;
  }
}
