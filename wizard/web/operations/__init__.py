"""What a load balancer and a monitoring system read (issue 36, item 7): see watching.py."""
