import { connect } from 'node:net';

export type RawAnswer = { status: number; headers: string; body: string };

/**
 * Sends bytes as they are to a listening server and reads its whole answer: for requests no HTTP
 * client would send (a URL or headers beyond Node's limit, a malformed header line).
 */
export function rawRequest(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const split = answer.indexOf('\r\n\r\n');
      const head = split === -1 ? answer : answer.slice(0, split);
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: answer.slice(split + 4) });
    });
  });
}
