/**
 * A real SMTP server for tests, in-process: nodemailer (the app's mailer with `smtpUrl`) talks SMTP
 * to it over TCP, and the test reads what arrived (envelope recipients, decoded subject, raw text).
 * Plain SMTP only (no STARTTLS, no AUTH), enough to count what a running app really sends.
 */
import net from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for the app's `smtpUrl`. */
  url: string;
  mails: CapturedMail[];
  close(): Promise<void>;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes: number[] = [];
      const q = text.replace(/_/g, ' ');
      for (let i = 0; i < q.length; i++) {
        if (q[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(q.slice(i + 1, i + 3))) {
          bytes.push(Number.parseInt(q.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(q.charCodeAt(i));
      }
      return Buffer.from(bytes).toString('utf8');
    });
}

function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => /^subject:/i.test(l));
  return line ? decodeHeader(line.replace(/^subject:\s*/i, '')) : '';
}

const address = (arg: string) => /<([^>]*)>/.exec(arg)?.[1]?.toLowerCase() ?? arg.trim().toLowerCase();

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: CapturedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const raw = data.join('\r\n');
            mails.push({ from, to, subject: subjectOf(raw), raw });
            data = [];
            reply('250 2.0.0 queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const arg = line.slice(line.indexOf(':') + 1);
        if (verb === 'EHLO') socket.write('250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          from = address(arg.split(/\s+BODY=|\s+SMTPUTF8/i)[0] ?? '');
          to = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          to.push(address(arg));
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
