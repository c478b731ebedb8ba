/** The one error class of the server; the error handler turns it into the wire shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** Extra figures for the client, such as the stock left on a 409. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, 'bad_request', fields);
export const unauthorized = (message = 'Not signed in') =>
  new AppError(401, message, 'unauthorized');
export const forbidden = (message = 'Not allowed') => new AppError(403, message, 'forbidden');
export const notFound = (message = 'Not found') => new AppError(404, message, 'not_found');
export const conflict = (message: string, code = 'conflict', details?: Record<string, unknown>) =>
  new AppError(409, message, code, undefined, details);
