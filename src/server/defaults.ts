/** Where the dashboard listens unless told otherwise (a module of its own: the CLI reads it without the server). */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4280;
