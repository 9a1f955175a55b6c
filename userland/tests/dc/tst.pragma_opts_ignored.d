/*
 * Options DTrace documents that sonde accepts and ignores (sonde(8),
 * TRACING OPTIONS), each with a value DTrace takes, and the ones that act
 * with DTrace's words for booleans.
 */
#pragma D option amin=Evolving
#pragma D option argref
#pragma D option core
#pragma D option ctfpath=/nonexistent
#pragma D option encoding=utf8
#pragma D option errtags
#pragma D option evaltime=preinit
#pragma D option iregs=8
#pragma D option late
#pragma D option linkmode=dynamic
#pragma D option linktype=elf
#pragma D option maxframes=100
#pragma D option nolibs
#pragma D option pgmax=4
#pragma D option preallocate=1m
#pragma D option stdc=a
#pragma D option tree=4
#pragma D option cleanrate=50hz
#pragma D option temporal
#pragma D option aggzoom
#pragma D option agghist
#pragma D option aggpack
#pragma D option printsize=1k
#pragma D option grabanon
#pragma D option statusrate=500ms
#pragma D option scratchsize=32k
#pragma D option quiet=enabled
#pragma D option droptags=yes
#pragma D option noresolve=off
#pragma D option defaultargs
#pragma D option version=1.13
#pragma D option bufresize=manual
#pragma D option stackindent=4
#pragma D option cpu=0
BEGIN { trace($3); exit(0); }
