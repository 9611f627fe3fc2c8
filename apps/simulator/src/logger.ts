/** Where the simulator reports; the CLI prints, tests stay quiet. */
export type Logger = {
  info(message: string): void;
  warn(message: string): void;
};

export const consoleLogger: Logger = {
  info: (message) => console.log(`${new Date().toISOString().slice(11, 19)} ${message}`),
  warn: (message) => console.warn(`${new Date().toISOString().slice(11, 19)} ${message}`),
};

export const silentLogger: Logger = { info() {}, warn() {} };
