// The public business SDK ships no type declarations; the reference tests use it untyped.
declare module 'facebook-nodejs-business-sdk';
