import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  describe: string;
}

/** Mail goes to SMTP_URL; without it, each message is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      describe: `SMTP ${new URL(config.smtpUrl).host}`,
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `files in ${outbox}`,
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      await fs.writeFile(path.join(outbox, name), info.message as Buffer);
    },
  };
}
