import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Config } from '../config.ts';
import type { Mailer } from './mail.ts';

export interface Services {
  db: Db;
  config: Config;
  mailer: Mailer;
}

export interface CallContext<I, U> extends Services {
  input: I;
  user: U;
  /** Uploaded files of a multipart call, by field name (see `upload`). */
  files: Record<string, Buffer>;
  req: FastifyRequest;
  reply: FastifyReply;
}
