import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Text messages to phones. A gateway (Semaphore, Twilio...) would implement the same interface. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * No SMS gateway is configured: each message is written as a text file to DATA_DIR/outbox, beside the
 * mail. Never to the log: a message may carry a one-time code, and logs are read by more people.
 */
export function createSms(config: Pick<Config, 'dataDir'>): SmsSender {
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(to, text) {
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.sms.txt`;
      await fs.writeFile(path.join(outbox, name), `To: ${to}\n\n${text}\n`);
    },
  };
}
