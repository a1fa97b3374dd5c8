// The same tests with the media in a bucket of the run's S3-protocol server (test/media-fixtures.ts).
process.env.TEST_MEDIA_STORE = 's3';
await import('../media-removals.test.ts');
export {};
