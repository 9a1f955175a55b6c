/* @msg: printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding ".*" argument */
BEGIN { printf("%5.*d\n"); }
