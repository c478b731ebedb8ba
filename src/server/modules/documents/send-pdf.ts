import type { FastifyReply } from 'fastify';
import { newPdf } from './pdf';

/** Streams a PDF being drawn, as an attachment to save or inline to view. */
export async function sendPdf(
  reply: FastifyReply,
  pdf: {
    fileName: string;
    title: string;
    disposition: 'attachment' | 'inline';
    draw: (doc: Awaited<ReturnType<typeof newPdf>>) => void;
  },
) {
  const doc = await newPdf(pdf.title, reply.log);
  pdf.draw(doc);
  doc.end();
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${pdf.disposition}; filename="${pdf.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(doc);
}
