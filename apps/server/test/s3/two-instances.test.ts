// The two server processes with their media in one bucket of the run's S3-protocol server.
process.env.TEST_MEDIA_STORE = 's3';
await import('../two-instances.test.ts');
export {};
