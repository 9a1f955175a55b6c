user samples between 70 and 130: 1, not user: 0
kernel samples under 10: 1, not kernel: 0

