12648430 sonde-copyin 16
12648430 sonde-copyin 16
12648430 sonde-copyin 16

