import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { describeLoginError, describeRegistrationError } from './error-messages';

const json = (message: string) => JSON.stringify({ message });

describe('describeLoginError', () => {
  it.each([
    [new ApiError(401, json('Invalid username or password')), 'Invalid username or password'],
    [new ApiError(500, json('Internal server error')), 'Invalid username or password'],
    [new TypeError('Failed to fetch'), 'Network error. Please try again'],
    [new Error('NetworkError when attempting to fetch resource.'), 'Network error. Please try again'],
    [new Error('Request timeout'), 'Request timed out. Please try again'],
    [new DOMException('signal timed out', 'TimeoutError'), 'Request timed out. Please try again'],
  ])('%s gives %s', (error, expected) => {
    expect(describeLoginError(error)).toBe(expected);
  });
});

describe('describeRegistrationError', () => {
  it.each([
    [new ApiError(409, json('Username already exists')), 'Username already exists. Please choose a different one'],
    [new ApiError(409, json('Email already exists')), 'Email already exists. Please use a different email or try logging in'],
    [new ApiError(400, json('Invalid email format')), 'Please check your information and try again'],
    [new TypeError('Failed to fetch'), 'Network error. Please try again'],
    [new ApiError(500, json('Internal server error')), 'Registration failed. Please try again'],
  ])('%s gives %s', (error, expected) => {
    expect(describeRegistrationError(error)).toBe(expected);
  });
});
