import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorResponse } from '#core/schemas/common';

/** The error answers most private routes can give: bad input, signed out, wrong role, not theirs. */
export const errorResponses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
};

export const pdfResponse = z.any().describe('application/pdf');
export const csvResponse = z.string().describe('text/csv; charset=utf-8, one row per order');
export const zipResponse = z.any().describe('application/zip');

/** Sends a CSV file as a download that no cache keeps. */
export function sendCsv(reply: FastifyReply, file: { filename: string; body: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Sends a zip archive as a download that no cache keeps. */
export function sendZip(reply: FastifyReply, file: { filename: string; body: Uint8Array }) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
}
