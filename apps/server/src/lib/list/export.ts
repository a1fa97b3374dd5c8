import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ListQuery } from '@app/contract';
import { recordAudit } from '../audit.ts';
import type { Gate, Turn } from '../gate.ts';
import { ordered, withLateColumns, withSearchIds, type Ctx } from './page.ts';
import type { ExportColumn, ListSpec } from './spec.ts';

const manilaDate = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Manila',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(new Date())
    .replaceAll('/', '-');

/**
 * Streams the whole filtered, sorted list as a real .xlsx, row by row: no cap, little memory. Runs in
 * its turn at the gate (a bounded number at once per process), or answers 429 with Retry-After.
 */
export async function streamExport<I extends ListQuery>(
  spec: ListSpec<I>,
  ctx: Ctx<I>,
  gate: Gate,
): Promise<unknown> {
  const taking = gate.take((leave) => ctx.reply.raw.once('close', leave));
  if (!taking) {
    const seconds = gate.retryAfterSeconds;
    return ctx.reply
      .status(429)
      .header('Retry-After', String(seconds))
      .send({
        message: `Too many exports are running; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      });
  }
  const turn = await taking;
  // The client left while the export waited its turn: nobody reads an answer (499, as nginx logs it).
  if (turn === 'gone') return ctx.reply.status(499).send();
  try {
    return await writeExport(spec, await withSearchIds(spec, ctx), turn);
  } catch (error) {
    turn();
    throw error;
  }
}

async function writeExport<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, turn: Turn) {
  const out = new PassThrough();
  // Fast compression: an export is downloaded once, and deflate's effort is most of its time.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    zip: { zlib: { level: 1 } },
  } as Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions>);
  const sheet = workbook.addWorksheet(spec.export.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = spec.export.columns;
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? WIDTHS[c.type ?? 'text'],
  }));
  sheet.getRow(1).font = { bold: true };
  // One style object per column, shared by its cells: exceljs resolves a style it has seen by identity,
  // and works every new one out again (a column style is copied into each cell: twice the export time).
  const styles = columns.map((c) => CELL_STYLES[c.type ?? 'text']);
  const rows = withLateColumns(spec, ctx, ordered(spec, ctx)).stream(2000)[Symbol.asyncIterator]();
  // Read the first row before answering, so a failing query is still a clean error response.
  let next = await rows.next();
  // Who took which list, filtered how: GET routes carry no audit context, so it is given here.
  const call = ctx.req.routeOptions.url?.replace(/^\/api\//, '') ?? '';
  try {
    await recordAudit(
      ctx.db,
      { action: 'export', details: { list: spec.export.title, query: ctx.input } },
      { actorId: ctx.user.user_id, ip: ctx.req.ip, call },
    );
  } catch (error) {
    await rows.return?.(); // hands the connection back to the pool
    throw error;
  }
  void (async () => {
    try {
      try {
        // A client that went away destroys the stream (Fastify does): the rest is not read.
        while (!next.done && !out.destroyed) {
          const row = next.value as Record<string, unknown>;
          const added = sheet.addRow(
            columns.map((c) => cell(c.labels?.[String(row[c.key])] ?? row[c.key], c.type)),
          );
          added.eachCell({ includeEmpty: true }, (target, i) => (target.style = styles[i - 1]!));
          added.commit();
          next = await rows.next();
        }
      } finally {
        // The connection back to the pool, and the turn to the next export, once the rows are read:
        // what is left is writing the file's end, which must not keep a turn if it never ends.
        await rows.return?.().catch(() => {});
        turn();
      }
      if (out.destroyed) return;
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      ctx.req.log.error({ err: error }, 'export failed');
      out.destroy(error as Error);
    }
  })();
  return ctx.reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${spec.export.title}_${manilaDate()}.xlsx"`)
    .send(out);
}

type CellType = NonNullable<ExportColumn['type']>;
const WIDTHS: Record<CellType, number> = {
  text: 28,
  link: 40,
  number: 12,
  money: 16,
  date: 14,
  datetime: 18,
};
const CELL_STYLES: Record<CellType, Partial<ExcelJS.Style>> = {
  text: {},
  link: {},
  number: {},
  money: { numFmt: '#,##0.00' },
  date: { numFmt: 'dd/mm/yyyy' },
  datetime: { numFmt: 'dd/mm/yyyy hh:mm' },
};
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000; // UTC+8 all year: no daylight saving

/**
 * A cell's value. Excel dates have no time zone and exceljs writes a Date's UTC fields, so a Manila
 * day ('YYYY-MM-DD') becomes that day at 00:00 UTC and a moment is shifted to Manila wall-clock time.
 */
function cell(value: unknown, type: CellType = 'text') {
  if (value === null || value === undefined) return null;
  if (type === 'number' || type === 'money') return Number(value);
  if (type === 'date' || type === 'datetime') {
    const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
    if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    const moment = value instanceof Date ? value : new Date(String(value));
    return new Date(moment.getTime() + MANILA_OFFSET_MS);
  }
  // A JSON value (an audit entry's before and after) as its text, within Excel's limit for a cell.
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > EXCEL_CELL_MAX ? `${text.slice(0, EXCEL_CELL_MAX - 1)}…` : text;
}
const EXCEL_CELL_MAX = 32_767;
