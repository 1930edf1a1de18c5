/** A stand-in SMTP server for the API tests: what the mailer sends arrives here, whole. */
import net from "node:net";

/** A minimal SMTP server: accepts every message, or answers DATA with a refusal. */
export async function smtpServer(refuse = false) {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let message = "";
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      for (const line of chunk.toString("utf8").split("\r\n")) {
        if (inData) {
          if (line === ".") {
            inData = false;
            received.push(message);
            socket.write("250 queued\r\n");
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250 test\r\n");
        else if (/^(MAIL|RCPT)/i.test(line)) socket.write("250 ok\r\n");
        else if (/^DATA/i.test(line)) {
          inData = !refuse;
          socket.write(refuse ? "554 no thanks\r\n" : "354 go on\r\n");
        }
        else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else if (/^RSET/i.test(line)) socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}
