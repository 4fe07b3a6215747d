import type http from 'node:http';

export function freePort(): Promise<number>;
export function roundRobin(backends: readonly string[], onForward?: (backend: string) => void): http.Server;
