import type { FastifyBaseLogger } from 'fastify';

/** Text messages to phones. No SMS gateway is configured yet: messages are written to the log. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** The log-only sender; a gateway (Semaphore, Twilio...) implements the same interface. */
export const logSms = (log: FastifyBaseLogger): SmsSender => ({
  async send(to, text) {
    log.info({ sms: { to, text } }, 'sms (log only: no SMS gateway configured)');
  },
});
