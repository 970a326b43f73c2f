// Nothing is shared across files that needs stopping: each file drops its own database.
export default async function globalTeardown(): Promise<void> {}
